import { type Db, nextId } from '../../db/db';
import { addDays, formatDate, formatMoney, startOfDay } from '../../shared/format';
import { areaCodeOf, emailFor, randomPerson, randomPhone } from '../../shared/names';
import type { Random } from '../../shared/random';
import { scaledCount } from '../../shared/scale';
import { type GuestCard, guestCardStatuses, leadTypes } from './schema';

export const LEAD_SOURCES = ['Zillow', 'Apartments.com', 'Craigslist', 'Website', 'Drive By', 'Referral'];

/** a full guest card; `partial` overrides any field, links follow the chosen property */
export function buildGuestCard(db: Db, random: Random, now: Date, partial: Partial<GuestCard> = {}): GuestCard {
	const visible = db.properties.filter((p) => !p.invisible);
	const property = visible.find((p) => p.row.upstreamId === partial.propertyId) ?? random.pick(visible);
	const units = db.units.filter((u) => u.row.propertyId === property.row.upstreamId && u.row.status === 'Vacant');
	const unit = units.length && random.chance(0.6) ? random.pick(units) : null;
	const person = randomPerson(random);
	const agent = random.pick(db.users.filter((u) => u.active));
	const received = addDays(startOfDay(now), -random.int(0, 120));
	const card: GuestCard = {
		assignedUser: agent.name,
		assignedUserID: agent.upstreamId,
		bedBathPreference: `${random.int(1, 3)} bd / ${random.int(1, 2)} ba`,
		creditScore: random.pick(['550-599', '600-649', '650-699', '700-749', '750+']),
		emailAddress: emailFor(person.firstName, person.lastName, random),
		lastActivityDate: formatDate(earliest(addDays(received, random.int(0, 10)), startOfDay(now))),
		lastActivityType: random.pick(['Email', 'Phone Call', 'Showing', 'Text Message']),
		leadType: random.chance(0.7) ? 'Free' : random.pick(leadTypes),
		lisaForecast: null,
		lisaLead: null,
		maxRent: formatMoney(random.amount(1200, 3500, 50)),
		monthlyIncome: formatMoney(random.amount(3500, 12000, 100)),
		moveInPreference: formatDate(addDays(received, random.int(14, 60))),
		name: `${person.firstName} ${person.lastName}`,
		notes: random.chance(0.3) ? 'Asked about parking' : null,
		petPreference: random.pick(['None', 'Dog', 'Cat']),
		phoneNumber: randomPhone(random, areaCodeOf(property.row.address.city)),
		property: `${property.row.name} - ${property.row.fullAddress}`,
		propertyId: property.row.upstreamId,
		propertyName: property.row.name,
		received: formatDate(received),
		source: random.pick(LEAD_SOURCES),
		status: random.pick(guestCardStatuses),
		tenantID: null,
		unit: unit?.row.name ?? null,
		guestCardId: String(nextId(db, 'guestCard', 70001)),
		unitId: unit?.row.upstreamId ?? null,
		...partial,
	};
	if (card.received !== formatDate(received) && !partial.lastActivityDate) card.lastActivityDate = card.received;
	return card;
}

export function generateGuestCards(db: Db, random: Random, now: Date): void {
	for (let n = 0; n < scaledCount(140, db.volume); n++) db.guestCards.push(buildGuestCard(db, random, now));
}

function earliest(a: Date, b: Date): Date {
	return a < b ? a : b;
}
