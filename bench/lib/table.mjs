// Renders result sections as aligned text (the terminal) and as markdown (BENCHMARKS.md).
// A section: { title, note?, columns: [names], rows: [[cells]], notes?: [lines], leftAligned? }. Cells are
// strings; a row whose first cell starts with "↳" continues the row above (an extra ratio).

function width(text) {
  return [...text].length;
}

function statusText(cell) {
  return cell === "missed" ? "MISSED" : cell;
}

export function renderText(section) {
  const statusCol = section.columns.indexOf("status");
  const rows = section.rows.map((row) => row.map((cell, i) => (i === statusCol ? statusText(cell ?? "") : (cell ?? ""))));
  const widths = section.columns.map((name, i) => Math.max(width(name), ...rows.map((row) => width(row[i] ?? ""))));
  // The first column (what was measured) is left-aligned, the numbers right-aligned.
  const left = (i) => i === 0 || section.leftAligned;
  const line = (cells) =>
    cells
      .map((cell, i) => (left(i) ? cell + " ".repeat(widths[i] - width(cell)) : " ".repeat(widths[i] - width(cell)) + cell))
      .join("  ")
      .trimEnd();
  const out = [`== ${section.title}`];
  if (section.note) out.push(section.note);
  out.push(line(section.columns), line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) out.push(line(row));
  for (const note of section.notes ?? []) out.push(`  ${note}`);
  return out.join("\n");
}

function escapeCell(cell) {
  return String(cell ?? "").replace(/\|/g, "\\|");
}

export function renderMarkdown(section, level = "###") {
  const statusCol = section.columns.indexOf("status");
  const out = [`${level} ${section.title}`, ""];
  if (section.note) out.push(section.note, "");
  out.push(`| ${section.columns.join(" | ")} |`, `|${section.columns.map((_, i) => (i === 0 || section.leftAligned ? "---" : "---:")).join("|")}|`);
  for (const row of section.rows) {
    out.push(`| ${row.map((cell, i) => (i === statusCol && cell === "missed" ? "**missed**" : escapeCell(cell))).join(" | ")} |`);
  }
  if (section.notes?.length) out.push("", ...section.notes.map((note) => `- ${note}`));
  out.push("");
  return out.join("\n");
}

/** The section printed in place of one whose measurement failed, so the rest of the run still reports. */
export function failedSection(title, error) {
  return {
    title: `${title}: FAILED`,
    columns: ["error"],
    rows: [
      [
        String(error?.message ?? error)
          .split("\n")
          .slice(0, 6)
          .join(" ⏎ "),
      ],
    ],
  };
}
