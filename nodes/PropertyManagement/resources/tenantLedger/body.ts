/** The tenant charge create (Tenant Ledger → Create Charge): its rules, labels and body. */
import type { IDataObject } from 'n8n-workflow';

import { usDate } from '../../../shared/dates';
import type { FieldLabels } from '../../../shared/create/labels';
import { sendingFieldsBody } from '../../../shared/create/preSend';
import {
	applyRules,
	decimalAmount,
	optionalBoolean,
	optionalText,
	requiredId,
	type FieldRule,
	type ItemContext,
} from '../../../shared/create/rules';

export const TENANT_CHARGE_LABELS: FieldLabels = {
	occupancyId: 'Occupancy',
	amount: 'Amount',
	chargeDate: 'Charge Date',
	postingDate: 'Posting Date',
	glAccountId: 'GL Account',
	description: 'Description',
	warningsOk: 'Create Despite Warnings',
};

export const tenantChargeRules: Record<string, FieldRule> = {
	occupancyId: requiredId,
	amount: decimalAmount,
	chargeDate: usDate,
	postingDate: usDate,
	glAccountId: requiredId,
	description: optionalText,
	warningsOk: optionalBoolean,
};

export function tenantChargeBody(ctx: ItemContext, params: IDataObject): IDataObject {
	return applyRules(ctx, tenantChargeRules, params);
}

export const createTenantChargePreSend = sendingFieldsBody(TENANT_CHARGE_LABELS, tenantChargeRules, tenantChargeBody);
