export interface Row {
	measured: string;
	baseline: string;
	figure: string;
}

const HEADER: Row = { measured: 'measured', baseline: 'baseline in the same run', figure: 'figure' };

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: Row[]): string {
	const line = (row: Row) => `| ${escapeCell(row.measured)} | ${escapeCell(row.baseline)} | ${escapeCell(row.figure)} |`;
	return [line(HEADER), '|---|---|---|', ...rows.map(line)].join('\n');
}
