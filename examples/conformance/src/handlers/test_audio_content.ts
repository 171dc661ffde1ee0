// Handler of the MCP tool "test_audio_content", described in tools/test_audio_content.yaml.
import type { ToolHandlers } from "../generated/server.js";
import { SILENT_WAV } from "../media.js";

/** Returns one WAV audio block (conformance scenario tools-call-audio). */
export const testAudioContent: ToolHandlers["test_audio_content"] = () => [{ type: "audio", data: SILENT_WAV, mimeType: "audio/wav" }];
