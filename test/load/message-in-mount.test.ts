// messageInMount: a report placed in a file a tool only $refs speaks of that file: the tool and the
// dialect that read it there, and paths as the file writes them.
import { describe, expect, it } from "vitest";
import { messageInMount } from "../../src/load/message-in-mount.js";
import type { ResolvedTool, SourceMount } from "../../src/model/source.js";

function tool(name: string, inputSchema: Record<string, unknown>): ResolvedTool {
  return { file: `tools/${name}.yaml`, wire: { name, inputSchema } as never, authoring: undefined, mounts: [] };
}

const messageOf = (...args: Parameters<typeof messageInMount>) => messageInMount(...args).message;

const mount: SourceMount = { wirePointer: "/inputSchema/$defs/P", file: "schemas/plain.yaml", sourcePointer: "/definitions/P" };

describe("messageInMount", () => {
  it("names the tool and its dialect, and writes the quoted path as the file has it", () => {
    expect(messageOf(tool("u20", { type: "object" }), mount, "/inputSchema/$defs/P/items", "inputSchema.$defs.P.items is 1; under JSON Schema 2020-12 it must be an object.")).toBe(
      'Tool "u20" reads this file as JSON Schema 2020-12 in its inputSchema: definitions.P.items is 1; under JSON Schema 2020-12 it must be an object.',
    );
    expect(messageOf(tool("u7", { $schema: "http://json-schema.org/draft-07/schema#" }), mount, "/inputSchema/$defs/P/items", "It is wrong.")).toBe(
      'Tool "u7" reads this file as JSON Schema draft-07 in its inputSchema: it is wrong.',
    );
  });

  it("replaces a parent's path and what follows it, never a longer name that starts the same", () => {
    const message = "inputSchema.$defs.P.items[0] and inputSchema.$defs.Pq differ; see inputSchema.$defs.P.";
    expect(messageOf(tool("u20", {}), mount, "/inputSchema/$defs/P/items", message)).toBe(
      'Tool "u20" reads this file as JSON Schema 2020-12 in its inputSchema: definitions.P.items[0] and inputSchema.$defs.Pq differ; see definitions.P.',
    );
  });

  it("calls a whole mounted file its root schema", () => {
    const whole: SourceMount = { wirePointer: "/inputSchema/$defs/point", file: "schemas/point.json", sourcePointer: "" };
    expect(messageOf(tool("move", {}), whole, "/inputSchema/$defs/point", "inputSchema.$defs.point is 1.")).toBe(
      'Tool "move" reads this file as JSON Schema 2020-12 in its inputSchema: the file\'s root schema is 1.',
    );
  });

  it("writes a path below a whole mounted file from its root, and leaves a schema's own name as it is", () => {
    const whole: SourceMount = { wirePointer: "/inputSchema/$defs/point", file: "schemas/point.json", sourcePointer: "" };
    expect(messageOf(tool("move", {}), whole, "/inputSchema/$defs/point", "inputSchema.$defs.point.properties.x and inputSchema.$defs.point[0] differ.")).toBe(
      'Tool "move" reads this file as JSON Schema 2020-12 in its inputSchema: properties.x and [0] differ.',
    );
    // inputSchema: { $ref: "../schemas/point.json" }: the file is the inputSchema, which a message may name as a whole.
    const root: SourceMount = { wirePointer: "/inputSchema", file: "schemas/point.json", sourcePointer: "" };
    expect(messageOf(tool("move", {}), root, "/inputSchema/properties/x", "Example 1 does not match inputSchema: inputSchema.properties.x is 1.")).toBe(
      'Tool "move" reads this file as JSON Schema 2020-12 in its inputSchema: example 1 does not match inputSchema: properties.x is 1.',
    );
  });

  it("says which tool reads the file, for findings of several tools to be merged", () => {
    expect(messageInMount(tool("u20", {}), mount, "/inputSchema/$defs/P", "Bad.").reader).toEqual({ tool: "u20", schema: "inputSchema", dialect: "2020-12" });
  });

  it("leaves a report in the tool's own file as it is, and an unsupported dialect unnamed", () => {
    const own: SourceMount = { wirePointer: "", file: "tools/u20.yaml", sourcePointer: "" };
    expect(messageOf(tool("u20", {}), own, "/inputSchema/properties/a", "inputSchema.properties.a is 1.")).toBe("inputSchema.properties.a is 1.");
    expect(messageOf(tool("u20", {}), own, "/annotations/readOnlyHint", "It says the tool changes nothing.")).toBe("It says the tool changes nothing.");
    expect(messageOf(tool("u20", {}), own, "", "The tool is 9 bytes.")).toBe("The tool is 9 bytes.");
    expect(messageOf(tool("x", { $schema: "https://example.com/s" }), mount, "/inputSchema/$defs/P", "Bad.")).toBe('Tool "x" reads this file in its inputSchema: Bad.');
  });
});
