import { HttpError, type DataModule, type EndpointDef } from '../../../sandbox/types';

/** A tiny stand-in service so the HTTP core is tested on its own, independent of the seeded data. */
interface FakeDb {
	widgets: Array<{ upstreamId: string; name: string; color: string }>;
	files: Map<string, string>;
}

export const fakeDataModule: DataModule = {
	createDb(seed) {
		const widgets = Array.from({ length: 7 }, (_, i) => ({
			upstreamId: String(seed % 1000 + i),
			name: `widget ${i + 1}`,
			color: i % 2 === 0 ? 'red' : 'blue',
		}));
		return { widgets, files: new Map([['file-1', 'hello file']]) } satisfies FakeDb;
	},
	injectRecord(db, _kind, record) {
		const widget = { upstreamId: `inj-${(db as FakeDb).widgets.length}`, name: 'injected', color: 'red', ...record };
		(db as FakeDb).widgets.push(widget as FakeDb['widgets'][number]);
		return widget;
	},
	readRecords(db, kind, id) {
		if (kind !== 'widgets') return [];
		return (db as FakeDb).widgets.filter((widget) => id === undefined || widget.upstreamId === id);
	},
	readFile(db, fileId) {
		const text = (db as FakeDb).files.get(fileId);
		return text === undefined ? undefined : { fileName: `${fileId}.txt`, contentType: 'text/plain', bytes: Buffer.from(text) };
	},
};

const colorsOf = (query: Record<string, string | string[]>) => [query.color ?? []].flat();

export const fakeEndpoints: EndpointDef[] = [
	{
		kind: 'read',
		path: '/v1/widgets',
		validate(_ctx, query) {
			if (colorsOf(query).some((color) => !['red', 'blue'].includes(color))) throw new HttpError(400, 'color is invalid', 'color');
		},
		list(ctx, query) {
			const colors = colorsOf(query);
			return (ctx.db as FakeDb).widgets.filter((widget) => colors.length === 0 || colors.includes(widget.color));
		},
	},
	{
		kind: 'read',
		path: '/v1/widgets/:upstreamId',
		single: true,
		validate(ctx, _query, params) {
			if (!(ctx.db as FakeDb).widgets.some((widget) => widget.upstreamId === params.upstreamId)) throw new HttpError(404, 'widget not found');
		},
		list: (ctx, _query, params) => (ctx.db as FakeDb).widgets.filter((widget) => widget.upstreamId === params.upstreamId),
	},
	{
		kind: 'create',
		path: '/v1/widgets',
		invalidates: ['/v1/widgets'],
		create(ctx, body) {
			const input = body as { name?: unknown; color?: unknown };
			if (typeof input?.name !== 'string' || !input.name) throw new HttpError(400, 'name is required', 'name');
			const widget = { upstreamId: `new-${(ctx.db as FakeDb).widgets.length}`, name: input.name, color: String(input.color ?? 'red') };
			(ctx.db as FakeDb).widgets.push(widget);
			return widget;
		},
	},
];
