// @ts-check
'use strict';
/**
 * A tiny SMTP server on loopback that accepts every message and keeps it, so the demo and the
 * end-to-end tests can watch what n8n's Send Email node sends without a real mail server.
 * Speaks just enough SMTP for nodemailer: EHLO/HELO, AUTH (any login), MAIL, RCPT, DATA, RSET, QUIT.
 */
const net = require('node:net');

/** @typedef {{ from: string, to: string[] }} Envelope */
/**
 * One accepted message.
 * @typedef {object} Mail
 * @property {string} from
 * @property {string[]} to
 * @property {string} subject decoded (RFC 2047)
 * @property {Record<string, string>} headers by lower-case name
 * @property {string} body
 * @property {string} raw
 * @property {string} receivedAt ISO time the sink accepted it
 */
/**
 * @typedef {object} SmtpSink
 * @property {number} port
 * @property {Mail[]} mails
 * @property {() => Promise<void>} close
 */

/**
 * Decodes RFC 2047 words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) so subjects read as sent.
 * @param {string} value
 * @returns {string}
 */
function decodeWords(value) {
	return value
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (/** @type {string} */ _, /** @type {string} */ charset, /** @type {string} */ encoding, /** @type {string} */ text) => {
			if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
			const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, hex) => `%${hex}`);
			try {
				return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
			} catch {
				return text;
			}
		});
}

/**
 * @param {string} raw
 * @param {Envelope} envelope
 * @returns {Mail}
 */
function parseMessage(raw, envelope) {
	const split = raw.indexOf('\r\n\r\n');
	const head = split === -1 ? raw : raw.slice(0, split);
	const body = split === -1 ? '' : raw.slice(split + 4);
	/** @type {Record<string, string>} */
	const headers = {};
	for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	return { from: envelope.from, to: envelope.to, subject: decodeWords(headers.subject ?? ''), headers, body, raw, receivedAt: new Date().toISOString() };
}

/**
 * Resolves to `{ port, mails, close() }`; `onMail(mail)` is called for each accepted message.
 * @param {{ port?: number, onMail?: (mail: Mail) => void }} [options]
 * @returns {Promise<SmtpSink>}
 */
function startSmtpSink({ port = 0, onMail } = {}) {
	/** @type {Mail[]} */
	const mails = [];
	const sockets = new Set();
	const server = net.createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => socket.destroy());
		/** @type {Envelope} */
		let envelope = { from: '', to: [] };
		let buffer = '';
		/** @type {string[] | null} */
		let data = null; // collected message text while in DATA mode
		/** @type {'user' | 'pass' | null} */
		let authStep = null;
		/** @param {string} line */
		const reply = (line) => socket.write(`${line}\r\n`);
		reply('220 localhost pm-smtp-sink ready');
		socket.on('data', (chunk) => {
			buffer += chunk.toString('utf8');
			let end;
			while ((end = buffer.indexOf('\r\n')) !== -1) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (data !== null) {
					if (line === '.') {
						const mail = parseMessage(data.join('\r\n'), envelope);
						mails.push(mail);
						onMail?.(mail);
						data = null;
						envelope = { from: '', to: [] };
						reply('250 2.0.0 queued');
					} else data.push(line.startsWith('..') ? line.slice(1) : line);
					continue;
				}
				if (authStep) {
					authStep = authStep === 'user' ? 'pass' : null;
					reply(authStep ? '334 UGFzc3dvcmQ6' : '235 2.7.0 accepted');
					continue;
				}
				const verb = line.slice(0, 4).toUpperCase();
				if (verb === 'EHLO') reply('250-localhost\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8');
				else if (verb === 'HELO') reply('250 localhost');
				else if (verb === 'AUTH') {
					const [, mech, initial] = line.split(' ');
					if (mech?.toUpperCase() === 'LOGIN') {
						authStep = initial ? 'pass' : 'user';
						reply(initial ? '334 UGFzc3dvcmQ6' : '334 VXNlcm5hbWU6');
					} else if (initial) reply('235 2.7.0 accepted');
					else {
						authStep = 'pass';
						reply('334 ');
					}
				} else if (verb === 'MAIL') {
					envelope.from = (line.match(/<([^>]*)>/) || [])[1] ?? '';
					reply('250 2.1.0 ok');
				} else if (verb === 'RCPT') {
					envelope.to.push((line.match(/<([^>]*)>/) || [])[1] ?? '');
					reply('250 2.1.5 ok');
				} else if (verb === 'DATA') {
					data = [];
					reply('354 end data with <CR><LF>.<CR><LF>');
				} else if (verb === 'RSET') {
					envelope = { from: '', to: [] };
					reply('250 2.0.0 ok');
				} else if (verb === 'NOOP') reply('250 2.0.0 ok');
				else if (verb === 'QUIT') {
					reply('221 2.0.0 bye');
					socket.end();
				} else reply('502 5.5.2 command not implemented');
			}
		});
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			resolve({
				port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
				mails,
				close: () =>
					new Promise((done) => {
						for (const socket of sockets) socket.destroy();
						server.close(() => done());
					}),
			});
		});
	});
}

module.exports = { startSmtpSink };
