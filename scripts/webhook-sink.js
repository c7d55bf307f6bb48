'use strict';
/**
 * Stands in for a Slack incoming webhook: records every POST body (JSON or text) and answers "ok"
 * the way Slack does. `GET /__posts` lists what arrived, for people poking at the demo.
 */
const http = require('node:http');

/** Resolves to `{ port, url, posts, close() }`; `onPost(post)` is called for each request body. */
function startWebhookSink({ port = 0, onPost } = {}) {
	const posts = [];
	const server = http.createServer((req, res) => {
		if (req.method === 'GET' && req.url === '/__posts') {
			res.writeHead(200, { 'content-type': 'application/json' });
			return res.end(JSON.stringify(posts, null, 2));
		}
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
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
			const actual = server.address().port;
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
