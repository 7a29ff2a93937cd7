// The worklists' URL state (issue 44), one schema for both lists: the screens read it, and the working-set refresh
// (offline/conjunto.ts) asks for their first page the same way, so the kept answer is found by the same URL.
import { listParamsSchema, param } from '../../../lib/list/listParams';

export const quemVisitarParamsSchema = listParamsSchema.extend({
  micro_area: param.match(/^\d{2}$/),
});
