/**
 * Every number the node and the trigger read from their parameters, one rule each: what the field is
 * called in the editor and which values it takes. A value an expression, an import or an AI tool set
 * outside the rule is refused before anything is sent, never replaced: a wait, a retry count or a
 * page count is never built from NaN, a negative or an infinite number.
 */
export interface NumberRule {
	/** the field as the editor shows it */
	field: string;
	min: number;
	max?: number;
	/** whole numbers only (counts, days) */
	whole?: boolean;
	/** what the user is told besides the range */
	why: string;
}

/** Data Caching: "The minimum allowed is 60 (1 minute)"; a smaller value would not mean what it says. */
export const MIN_MAX_AGE_SECONDS = 60;

export const NUMBER_RULES = {
	maxAge: {
		field: 'Options → Max Age (Seconds)',
		min: MIN_MAX_AGE_SECONDS,
		why: `The service's minimum max-age is ${MIN_MAX_AGE_SECONDS} seconds (smaller values count as ${MIN_MAX_AGE_SECONDS}), and it may apply the value up to 5 minutes either way.`,
	},
	maxWait: {
		field: 'Options → Max Wait (Seconds)',
		min: 1,
		max: 86_400,
		why: 'It bounds every wait for fresh data, for a 429 pause and for a create job: it must be a number of seconds, at most a day.',
	},
	limit: { field: 'Limit', min: 1, whole: true, why: 'It is how many records to return.' },
	lookbackDays: {
		field: 'Options → Lookback (Days)',
		min: 1,
		max: 3_660,
		whole: true,
		why: 'It is how many days back a record may be dated and still fire.',
	},
	lookaheadDays: {
		field: 'Options → Look Ahead (Days)',
		min: 0,
		max: 3_660,
		whole: true,
		why: 'It is how many days ahead a tenant event may be dated and still fire when it is entered.',
	},
	threshold: { field: 'Past Due Above', min: 0, why: 'Rent Past Due fires when a tenant owes more than this amount, e.g. 100.' },
} as const satisfies Record<string, NumberRule>;

export type NumberSetting = keyof typeof NUMBER_RULES;

export interface NumberRefusal {
	message: string;
	description: string;
}

function requirement(rule: NumberRule): string {
	const kind = rule.whole ? 'a whole number' : 'a number';
	return rule.max === undefined ? `${kind} of at least ${rule.min}` : `${kind} from ${rule.min} to ${rule.max}`;
}

/**
 * A parameter's value under its rule: undefined when left empty (the caller's default applies), the
 * number, or the refusal naming the field (`where`: "item 2 has", "it is").
 */
export function ruledNumber(setting: NumberSetting, raw: unknown, where: string): { value?: number; refusal?: NumberRefusal } {
	if (raw === undefined || raw === null || raw === '') return {};
	const rule: NumberRule = NUMBER_RULES[setting];
	// a boolean or an object would pass Number() as 0/1/NaN: only numbers and numeric text are numbers here
	const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
	const fits =
		Number.isFinite(value) && value >= rule.min && (rule.max === undefined || value <= rule.max) && (!rule.whole || Number.isInteger(value));
	if (fits) return { value };
	const shown = typeof raw === 'string' ? `"${raw}"` : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
	return {
		refusal: {
			message: `${rule.field} must be ${requirement(rule)}; ${where} ${shown}`,
			description: `Nothing was sent. ${rule.why}`,
		},
	};
}
