import { engineRows } from './engineRows';
import { nodeList } from './node';
import { rawPages } from './raw';
import { worker } from './worker';

export const tasks = {
	raw: rawPages,
	node: nodeList,
	worker,
	engineRows,
};
