import { formatPhone } from './format';
import type { Random } from './random';

export const FIRST_NAMES = [
	'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
	'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
	'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Andrew', 'Ashley',
	'Joshua', 'Emily', 'Kevin', 'Michelle', 'Brian', 'Amanda', 'Carlos', 'Maria', 'Luis', 'Sofia',
	'Wei', 'Mei', 'Ahmed', 'Fatima', 'Tyrone', 'Keisha', 'Diego', 'Camila', 'Ethan', 'Olivia',
];

export const LAST_NAMES = [
	'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
	'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
	'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
	'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
	'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Chen',
];

export const STREET_NAMES = [
	'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Sunset',
	'Lincoln', 'Jefferson', 'Madison', 'Franklin', 'Highland', 'Willow', 'Chestnut', 'Spruce', 'Main', 'Church',
];
export const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Dr', 'Ln', 'Rd', 'Way', 'Ct'];

export interface City {
	city: string;
	state: string;
	zipPrefix: string;
	areaCode: string;
}

export const CITIES: City[] = [
	{ city: 'Santa Barbara', state: 'CA', zipPrefix: '931', areaCode: '805' },
	{ city: 'San Diego', state: 'CA', zipPrefix: '921', areaCode: '619' },
	{ city: 'Austin', state: 'TX', zipPrefix: '787', areaCode: '512' },
	{ city: 'Dallas', state: 'TX', zipPrefix: '752', areaCode: '214' },
	{ city: 'Phoenix', state: 'AZ', zipPrefix: '850', areaCode: '602' },
	{ city: 'Denver', state: 'CO', zipPrefix: '802', areaCode: '303' },
	{ city: 'Seattle', state: 'WA', zipPrefix: '981', areaCode: '206' },
	{ city: 'Portland', state: 'OR', zipPrefix: '972', areaCode: '503' },
	{ city: 'Atlanta', state: 'GA', zipPrefix: '303', areaCode: '404' },
	{ city: 'Charlotte', state: 'NC', zipPrefix: '282', areaCode: '704' },
	{ city: 'Nashville', state: 'TN', zipPrefix: '372', areaCode: '615' },
	{ city: 'Columbus', state: 'OH', zipPrefix: '432', areaCode: '614' },
];

export interface StreetAddress {
	street: string;
	street2: string | null;
	city: string;
	state: string;
	zip: string;
	areaCode: string;
}

export function randomAddress(random: Random, city = random.pick(CITIES)): StreetAddress {
	return {
		street: `${random.int(100, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`,
		street2: null,
		city: city.city,
		state: city.state,
		zip: `${city.zipPrefix}${random.digits(2)}`,
		areaCode: city.areaCode,
	};
}

export function fullAddress(a: { street: string | null; street2: string | null; city: string | null; state: string | null; zip: string | null }): string {
	const street = [a.street, a.street2].filter(Boolean).join(' ');
	return `${street}, ${a.city}, ${a.state} ${a.zip}`;
}

/**
 * A number with a real-looking exchange (2xx-9xx, never 555 or an N11 service code), so that a
 * few hundred people do not share a hundred numbers; collisions among ~1,000 draws from 7.9 million
 * are improbable, and the realism test would catch one.
 */
export function randomPhone(random: Random, areaCode: string): string {
	let exchange: number;
	do exchange = random.int(201, 989);
	while (exchange === 555 || exchange % 100 === 11);
	return formatPhone(`${areaCode}${exchange}${random.digits(4)}`);
}

/** the area code of a city the sandbox knows, for people who live or rent there */
export function areaCodeOf(city: string | null): string {
	return CITIES.find((c) => c.city === city)?.areaCode ?? CITIES[0].areaCode;
}

export function emailFor(first: string, last: string, random: Random, domain?: string): string {
	const host = domain ?? random.pick(['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com']);
	return `${first}.${last}${random.int(1, 99)}@${host}`.toLowerCase();
}

export interface Person {
	firstName: string;
	lastName: string;
}

export function randomPerson(random: Random): Person {
	return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
}

export const TRADES = [
	{ id: '1', name: 'Plumbing', companyWords: ['Plumbing', 'Pipe & Drain', 'Rooter'] },
	{ id: '2', name: 'Electrical', companyWords: ['Electric', 'Electrical Services', 'Wiring Co'] },
	{ id: '3', name: 'HVAC', companyWords: ['Heating & Air', 'HVAC', 'Climate Control'] },
	{ id: '4', name: 'Landscaping', companyWords: ['Landscaping', 'Lawn Care', 'Gardens'] },
	{ id: '5', name: 'Cleaning', companyWords: ['Cleaning Services', 'Janitorial', 'Maids'] },
	{ id: '6', name: 'Painting', companyWords: ['Painting', 'Coatings', 'Painters'] },
	{ id: '7', name: 'Roofing', companyWords: ['Roofing', 'Roof Repair'] },
	{ id: '8', name: 'Pest Control', companyWords: ['Pest Control', 'Exterminators'] },
	{ id: '9', name: 'Appliance Repair', companyWords: ['Appliance Repair', 'Appliance Service'] },
	{ id: '10', name: 'General Contractor', companyWords: ['Construction', 'Builders', 'Contracting'] },
] as const;

export const UTILITIES = ['City Water Department', 'Pacific Gas & Electric', 'Republic Services', 'Comcast Business', 'Southwest Gas'];
