/** What the events feature offers to the other features (docs/architecture.md, "Features"). */
export { eventQueries } from './event-queries';
export { UpcomingEvents } from './components/upcoming-events';
export { EMPTY_EVENT_FORM, EventFormFields } from './components/event-form-fields';
export { EventConfirmView } from './components/event-confirm-view';
export { eventImageFolder } from './image-folder';
export {
  EMPTY_HEADCOUNT_FIELDS,
  HeadcountFields,
  headcountMinOf,
  type HeadcountFieldsValue,
} from './components/headcount-fields';
