import { rawPages } from './raw';

export const tasks = {
	raw: rawPages,
};
