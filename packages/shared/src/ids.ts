import { v7 } from 'uuid';

// UUID v7, made by the app on either side: a client may create a record offline and a retried create is recognised
// (architecture: Records). Time-ordered, so new rows land at the end of the primary-key index.
export const newId = (): string => v7();
