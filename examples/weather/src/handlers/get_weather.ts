// Handler of the MCP tool "get_weather", described in tools/get_weather.yaml.
// Created once by mcp-gen, then written by hand: a real server would call a weather service here.
import { ToolError } from "../generated/server.js";
import type { ToolHandlers } from "../generated/server.js";

/** Readings of a few cities, in degrees Celsius: the example stays offline and deterministic. */
const READINGS: Readonly<Record<string, { celsius: number; conditions: string }>> = {
  lisbon: { celsius: 21.5, conditions: "sunny" },
  paris: { celsius: 14, conditions: "light rain" },
  oslo: { celsius: -3, conditions: "snow" },
};

/** Get the current weather for a city. */
export const getWeather: ToolHandlers["get_weather"] = async ({ city, units }) => {
  const reading = READINGS[city.split(",")[0]!.trim().toLowerCase()];
  if (reading === undefined) throw new ToolError(`No weather station knows "${city}". Try Lisbon, Paris or Oslo.`);
  const temperature = units === "imperial" ? Math.round((reading.celsius * 9) / 5 + 32) : reading.celsius;
  return { city, temperature, conditions: reading.conditions };
};
