import { z } from 'zod';
import { str } from '../../shared/schemas';

const countString = z.string().regex(/^\d+$/);

export const leadSourceTracking = z.strictObject({
	applications: countString,
	approvedApplications: countString,
	convertedTenants: countString,
	guestCardInquiries: countString,
	showings: countString,
	source: str,
});
