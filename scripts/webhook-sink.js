// @ts-check
'use strict';
/**
 * Stands in for a Slack incoming webhook: records every POST body (JSON or text) and answers "ok"
 * the way Slack does. `GET /__posts` lists what arrived, for people poking at the demo.
 */
const http = require('node:http');

/**
 * One request as received.
 * @typedef {object} Post
 * @property {string | undefined} method
 * @property {string | undefined} path
 * @property {unknown} body the parsed JSON, or the text when it is not JSON
 * @property {string} receivedAt
 */
/**
 * @typedef {object} WebhookSink
 * @property {number} port
 * @property {string} url
 * @property {Post[]} posts
 * @property {() => Promise<void>} close
 */

/**
 * Resolves to `{ port, url, posts, close() }`; `onPost(post)` is called for each request body.
 * @param {{ port?: number, onPost?: (post: Post) => void }} [options]
 * @returns {Promise<WebhookSink>}
 */
function startWebhookSink({ port = 0, onPost } = {}) {
	/** @type {Post[]} */
	const posts = [];
	const server = http.createServer((req, res) => {
		if (req.method === 'GET' && req.url === '/__posts') {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(posts, null, 2));
			return;
		}
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			/** @type {unknown} */
			let body = text;
			try {
				body = JSON.parse(text);
			} catch {
				/* Slack also accepts form posts; keep the text */
			}
			const post = { method: req.method, path: req.url, body, receivedAt: new Date().toISOString() };
			posts.push(post);
			onPost?.(post);
			res.writeHead(200, { 'content-type': 'text/plain' });
			res.end('ok');
		});
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
			resolve({
				port: actual,
				url: `http://127.0.0.1:${actual}`,
				posts,
				close: () => new Promise((done) => server.close(() => done())),
			});
		});
	});
}

module.exports = { startWebhookSink };
