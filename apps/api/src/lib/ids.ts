import { v7 } from 'uuid';

// UUID v7: made by the app so a client may create offline and a retried create is recognised (architecture: Records).
export const newId = (): string => v7();
