// Mantine's Select alone, for FilterSelect to load on first use (the popover engine behind it is ~35 kB gzip).
export { Select } from '@mantine/core';
