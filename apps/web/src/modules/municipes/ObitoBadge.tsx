// The 'Óbito' mark beside a citizen's name; its own file so the family list takes it without the picker's form code.
import { Badge } from '@mantine/core';

export function ObitoBadge() {
  return (
    <Badge color="dark" variant="filled" size="sm">
      Óbito
    </Badge>
  );
}
