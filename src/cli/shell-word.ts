// A word for a POSIX shell command line mcp-gen prints for the user to run (`cd DIR`, an install
// spec, a --command value): as it is when it has no character a shell treats specially, otherwise
// in single quotes. Pure.

/**
 * @example shellWord("mcp-servers/echo") // "mcp-servers/echo"
 * @example shellWord("my tools") // "'my tools'"
 */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
