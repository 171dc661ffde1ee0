// The one realistic tool of the runtime benchmark: a few arguments of different kinds and an
// outputSchema with an array of objects. The same tool is registered every way the benchmark
// compares (generated, zod, fromJsonSchema), with the same handler result.

export const FORECAST_TOOL = {
  name: "get_forecast",
  title: "Weather forecast",
  description: "Get the daily weather forecast for a city: high and low temperatures and the conditions for each day.",
  inputSchema: {
    type: "object",
    properties: {
      city: { type: "string", minLength: 1, maxLength: 100, description: 'City name, optionally with a country code, for example "Lisbon" or "Paris, FR".' },
      days: { type: "integer", minimum: 1, maximum: 14, default: 3, description: "Number of days to forecast." },
      units: { type: "string", enum: ["metric", "imperial"], default: "metric", description: "Unit system for temperatures and wind speed." },
      include: { type: "array", items: { type: "string", enum: ["wind", "humidity", "uv"] }, maxItems: 3, description: "Extra readings to include." },
    },
    required: ["city"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      city: { type: "string" },
      units: { type: "string", enum: ["metric", "imperial"] },
      days: {
        type: "array",
        items: {
          type: "object",
          properties: {
            date: { type: "string", description: "ISO 8601 calendar date." },
            high: { type: "number" },
            low: { type: "number" },
            conditions: { type: "string" },
            wind_kph: { type: "number", minimum: 0 },
            humidity: { type: "integer", minimum: 0, maximum: 100 },
          },
          required: ["date", "high", "low", "conditions"],
          additionalProperties: false,
        },
      },
    },
    required: ["city", "units", "days"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
};

export const FORECAST_ARGS = { city: "Lisbon", days: 3, units: "metric", include: ["wind", "humidity"] };

const CONDITIONS = ["sunny", "light rain", "cloudy", "windy"];

/** What every registration of the tool returns as structured content. */
export function forecast(args) {
  const days = [];
  for (let d = 0; d < (args.days ?? 3); d++) {
    days.push({
      date: `2026-08-${String(d + 1).padStart(2, "0")}`,
      high: 24 - d,
      low: 16 - d,
      conditions: CONDITIONS[d % 4],
      wind_kph: 12 + d,
      humidity: 60 + d,
    });
  }
  return { city: args.city, units: args.units ?? "metric", days };
}

/** The zod version of the schemas, as a user of the SDK would write them (zod is the copy the SDK uses). */
export function forecastZodSchemas(z) {
  const day = z
    .object({
      date: z.string(),
      high: z.number(),
      low: z.number(),
      conditions: z.string(),
      wind_kph: z.number().min(0).optional(),
      humidity: z.number().int().min(0).max(100).optional(),
    })
    .strict();
  return {
    inputSchema: z
      .object({
        city: z.string().min(1).max(100),
        days: z.number().int().min(1).max(14).default(3),
        units: z.enum(["metric", "imperial"]).default("metric"),
        include: z
          .array(z.enum(["wind", "humidity", "uv"]))
          .max(3)
          .optional(),
      })
      .strict(),
    outputSchema: z.object({ city: z.string(), units: z.enum(["metric", "imperial"]), days: z.array(day) }).strict(),
  };
}
