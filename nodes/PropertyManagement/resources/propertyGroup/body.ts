/** The property group create: its rules, labels and body. */
import type { IDataObject } from 'n8n-workflow';

import type { FieldLabels } from '../../../shared/create/labels';
import { sendingFieldsBody } from '../../../shared/create/preSend';
import { applyRules, idList, requiredText, type FieldRule, type ItemContext } from '../../../shared/create/rules';

export const PROPERTY_GROUP_LABELS: FieldLabels = {
	name: 'Name',
	propertyIds: 'Property IDs',
};

export const propertyGroupRules: Record<string, FieldRule> = {
	name: requiredText,
	propertyIds: idList,
};

export function propertyGroupBody(ctx: ItemContext, params: IDataObject): IDataObject {
	return applyRules(ctx, propertyGroupRules, params);
}

export const createPropertyGroupPreSend = sendingFieldsBody(PROPERTY_GROUP_LABELS, propertyGroupRules, propertyGroupBody);
