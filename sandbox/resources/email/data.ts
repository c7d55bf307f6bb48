import { type Db, nextId } from '../../db/db';
import { storeFile } from '../../shared/files';
import { addDays, formatPhone, startOfDay } from '../../shared/format';
import type { Random } from '../../shared/random';

const OFFICE_EMAIL = 'leasing@sunrise-pm.com';
const SUBJECTS = ['Your rent receipt', 'Upcoming maintenance visit', 'Lease renewal options', 'Welcome to your new home', 'Community update'];
const GUEST_SUBJECTS = ['Thanks for your interest', 'Showing confirmation', 'Application next steps'];
const SMS_BODIES = ['Your maintenance request has been scheduled for tomorrow.', 'Reminder: rent is due on the 1st.', 'Thanks! Payment received.', 'Can someone look at the sink today?', 'Package delivered to the office.'];

function addEmail(db: Db, random: Random, link: { guestCardId: string | null; occupancyId: string | null }, to: string, subject: string, sentAt: Date): void {
	const upstreamId = `e${nextId(db, 'email', 700001)}`;
	const inbound = random.chance(0.2);
	const withFile = random.chance(0.25);
	const file = withFile ? storeFile(db, `${subject.toLowerCase().replace(/ /g, '-')}.pdf`, 'application/pdf', subject) : null;
	const from = inbound ? to : OFFICE_EMAIL;
	const recipient = inbound ? OFFICE_EMAIL : to;
	const iso = sentAt.toISOString();
	db.emails.push({
		...link,
		summary: { upstreamId, status: inbound ? 'Received' : 'Delivered', sentAt: iso, to: recipient, from, subject, hasAttachment: withFile },
		email: {
			upstreamId,
			direction: inbound ? 'inbound' : 'outbound',
			subject,
			body: `<p>Hello,</p><p>${subject}.</p><p>Sunrise Property Management</p>`,
			from,
			to: [recipient],
			cc: random.chance(0.2) ? 'manager@sunrise-pm.com' : null,
			bcc: null,
			sentAt: iso,
			createdAt: iso,
			updatedAt: iso,
			attachments: file ? [{ fileId: file.id, name: file.fileName }] : [],
		},
	});
}

/** emails and, in the same pass, text messages (textMessage/ reads them): one pass keeps the random draws in their order */
export function generateCommunications(db: Db, random: Random, now: Date): void {
	const today = startOfDay(now);
	const moment = (daysBack: number) => new Date(addDays(today, -random.int(0, daysBack)).getTime() + random.int(8 * 60, 19 * 60) * 60_000);
	for (const card of db.guestCards) {
		if (!card.emailAddress) continue;
		for (let n = random.int(0, 2); n > 0; n--) addEmail(db, random, { guestCardId: card.guestCardId, occupancyId: null }, card.emailAddress, random.pick(GUEST_SUBJECTS), moment(60));
	}
	for (const tenant of db.tenants) {
		if (!tenant.row.primaryTenant || tenant.statusKey === 'past' || !random.chance(0.5)) continue;
		for (let n = random.int(1, 3); n > 0; n--) addEmail(db, random, { guestCardId: null, occupancyId: tenant.occupancyId }, tenant.row.emailAddresses[0], random.pick(SUBJECTS), moment(180));
		if (random.chance(0.4)) {
			for (let n = random.int(1, 4); n > 0; n--) {
				const inbound = random.chance(0.4);
				const mms = !inbound || !random.chance(0.15) ? [] : [{ url: `https://media.sandbox-pm.example/mms/${tenant.row.upstreamId}-${n}.jpg`, contentType: 'image/jpeg' }];
				db.sms.push({
					upstreamId: `s${nextId(db, 'sms', 800001)}`,
					body: random.pick(SMS_BODIES),
					sentOrReceivedAt: moment(90).toISOString(),
					status: inbound ? 'received' : random.chance(0.95) ? 'delivered' : 'failed',
					direction: inbound ? 'inbound' : 'outbound-api',
					remotePartyNumber: formatPhone(tenant.row.phoneNumbers[0].phone.replace(/\D/g, '')),
					senderName: inbound ? null : db.users[0].name,
					media: mms,
					read: !inbound || random.chance(0.7),
				});
			}
		}
	}
}
