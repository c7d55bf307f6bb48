import { z } from 'zod';
import { bool, int, isoTimestamp, nstr, str } from '../../shared/schemas';

const permissionLevel = z.enum(['full', 'read', 'hidden']);

export const user = z.strictObject({
	upstreamId: str,
	name: str,
	firstName: str,
	lastName: str,
	email: str,
	phoneNumber: nstr,
	uuid: str,
	currentSignInAt: isoTimestamp.nullable(),
	active: bool,
	userRole: str,
	adminUser: bool,
	agentUser: bool,
	mfaEnabled: bool,
	locked: bool,
	internalUser: bool,
	profilePhotoUrl: nstr,
});

export const currentUser = z.strictObject({
	upstreamId: str,
	name: str,
	firstName: str,
	lastName: str,
	email: str,
	defaultEmailSignature: nstr,
	role: str,
	permissions: z.record(z.string(), permissionLevel),
});

/** GET /v1/user-roles answers one object: the connected user's role and what it may do */
export const userRole = z.strictObject({
	upstreamId: str,
	name: str,
	description: nstr,
	userCount: int,
	permissions: z.record(z.string(), permissionLevel),
});

export type User = z.infer<typeof user>;
export type CurrentUser = z.infer<typeof currentUser>;
export type UserRole = z.infer<typeof userRole>;
