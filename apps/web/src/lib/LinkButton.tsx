// A button that leads to another screen (a link: it opens in a new tab too), touch-sized, its icon on the left. The
// actions of record pages and lists.
import { Button, type ButtonProps } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';

export function LinkButton({
  to,
  icon: Icon,
  ...props
}: ButtonProps & { to: string; icon?: TablerIcon; 'aria-label'?: string }) {
  return <Button component={Link} to={to} mih={44} leftSection={Icon && <Icon size={18} aria-hidden />} {...props} />;
}
