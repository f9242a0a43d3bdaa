/** One row of the benchmark table; `met` is undefined where there is nothing to judge yet. */
export interface Row {
  benchmark: string;
  subject: string;
  result: string;
  target: string;
  met?: boolean;
}

const HEADINGS: Row = {
  benchmark: "Benchmark",
  subject: "Subject",
  result: "Result",
  target: "Target",
  met: undefined,
};

function verdict(row: Row): string {
  if (row === HEADINGS) return "Met";
  if (row.met === undefined) return "-";
  return row.met ? "yes" : "NO";
}

/** A plain-text table that reads the same in a terminal, a CI log and a Markdown file. */
export function formatTable(rows: Row[]): string {
  const cells = [HEADINGS, ...rows].map((row) => [row.benchmark, row.subject, row.result, row.target, verdict(row)]);
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(" | ")} |`;
  const rule = `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join("\n");
}
