/** Entry point of bench child processes (see lib/children.ts): `child.ts <task> <json args>`. */
import { tasks } from './tasks';

async function main() {
	const [task, json] = process.argv.slice(2);
	const run = tasks[task as keyof typeof tasks];
	if (!run) throw new Error(`unknown bench task ${task}`);
	const result = await run(JSON.parse(json ?? '{}'));
	process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
