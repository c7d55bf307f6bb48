import { addDays } from '../../shared/format';
import { uuidFrom } from '../../shared/ids';
import { emailFor, randomPerson, randomPhone } from '../../shared/names';
import type { Random } from '../../shared/random';
import type { CurrentUser, User, UserRole } from './schema';

const ROLES: Array<{ name: string; description: string; permissions: UserRole['permissions'] }> = [
	{
		name: 'Administrator',
		description: 'Full access to every area of the account',
		permissions: { Accounting: 'full', Leasing: 'full', Maintenance: 'full', Reports: 'full', 'User Management': 'full' },
	},
	{
		name: 'Property Manager',
		description: 'Manages properties, tenants and maintenance',
		permissions: { Accounting: 'read', Leasing: 'full', Maintenance: 'full', Reports: 'full', 'User Management': 'hidden' },
	},
	{
		name: 'Leasing Agent',
		description: 'Works guest cards and rental applications',
		permissions: { Accounting: 'hidden', Leasing: 'full', Maintenance: 'read', Reports: 'read', 'User Management': 'hidden' },
	},
	{
		name: 'Maintenance Coordinator',
		description: 'Handles work orders and vendors',
		permissions: { Accounting: 'hidden', Leasing: 'hidden', Maintenance: 'full', Reports: 'read', 'User Management': 'hidden' },
	},
];

/** the connected user holds the Property Manager role */
const CURRENT_ROLE = 'Property Manager';

export function generateUsers(random: Random, now: Date): { users: User[]; me: CurrentUser; userRoles: UserRole[] } {
	const roleOf = (index: number) => (index === 0 ? CURRENT_ROLE : index === 1 ? 'Administrator' : random.pick(ROLES).name);
	const users: User[] = Array.from({ length: 12 }, (_, index) => {
		const person = randomPerson(random);
		const role = roleOf(index);
		const active = index < 10;
		return {
			upstreamId: String(index + 1),
			name: `${person.firstName} ${person.lastName}`,
			firstName: person.firstName,
			lastName: person.lastName,
			email: emailFor(person.firstName, person.lastName, random, 'sunrise-pm.com'),
			phoneNumber: randomPhone(random, '805'),
			uuid: uuidFrom(random),
			currentSignInAt: active ? addDays(now, -random.int(0, 20)).toISOString() : null,
			active,
			userRole: role,
			adminUser: role === 'Administrator',
			agentUser: role === 'Leasing Agent',
			mfaEnabled: random.chance(0.6),
			locked: !active && random.chance(0.5),
			internalUser: true,
			profilePhotoUrl: null,
		};
	});
	const self = users[0];
	const currentRole = ROLES.find((r) => r.name === CURRENT_ROLE)!;
	const me: CurrentUser = {
		upstreamId: self.upstreamId,
		name: self.name,
		firstName: self.firstName,
		lastName: self.lastName,
		email: self.email,
		defaultEmailSignature: `${self.name}\nSunrise Property Management`,
		role: CURRENT_ROLE,
		permissions: currentRole.permissions,
	};
	const userRoles = ROLES.map((role, index) => ({
		upstreamId: String(index + 1),
		name: role.name,
		description: role.description,
		userCount: users.filter((u) => u.userRole === role.name).length,
		permissions: role.permissions,
	}));
	return { users, me, userRoles };
}

/** names of active staff, for assignedUser fields */
export function staffNames(users: User[]): User[] {
	return users.filter((u) => u.active);
}
