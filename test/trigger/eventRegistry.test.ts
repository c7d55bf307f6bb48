/**
 * The trigger's events are one registry (eventRegistry.ts): Trigger On, the notices, After a Pause and
 * the Lookback option are derived from it, and each entry's family has the event's reading.
 */
import { triggerProperties } from '../../nodes/PropertyManagementTrigger/events/description';
import { EVENT_DEFINITIONS } from '../../nodes/PropertyManagementTrigger/events/recordLists';
import { EVENT_REGISTRY, eventsOf } from '../../nodes/PropertyManagementTrigger/events/eventRegistry';
import { LIST_WATCHES } from '../../nodes/PropertyManagementTrigger/events/listWatches';
import { STATUS_WATCHES } from '../../nodes/PropertyManagementTrigger/events/statusWatches';

test("each family's events are the ones its reading defines", () => {
	expect(eventsOf('newRecord').sort()).toEqual(Object.keys(EVENT_DEFINITIONS).sort());
	expect(eventsOf('statusChange').sort()).toEqual(Object.keys(STATUS_WATCHES).sort());
	expect(eventsOf('listChange').sort()).toEqual(Object.keys(LIST_WATCHES).sort());
});

test('Trigger On lists the registry, by name; every event has its notice', () => {
	const selector = triggerProperties.find((property) => property.name === 'event');
	expect(selector?.options).toEqual(EVENT_REGISTRY.map(({ name, value, description }) => ({ name, value, description })));
	const names = EVENT_REGISTRY.map((entry) => entry.name);
	expect(names).toEqual([...names].sort());
	const notices = triggerProperties.filter((property) => property.type === 'notice');
	expect(notices.map((notice) => notice.displayOptions?.show?.event)).toEqual(EVENT_REGISTRY.map((entry) => [entry.value]));
});

test('Lookback shows for the events that read dated windows', () => {
	const options = triggerProperties.find((property) => property.name === 'options')?.options as Array<{ name: string; displayOptions?: { hide?: { '/event'?: string[] } } }>;
	const hidden = options.find((option) => option.name === 'lookbackDays')?.displayOptions?.hide?.['/event'] ?? [];
	expect([...hidden].sort()).toEqual(EVENT_REGISTRY.filter((entry) => !entry.lookback).map((entry) => entry.value).sort());
});
