// A titled section of a form or a record, in the order of the e-SUS form the page mirrors (ux.md "Form page").
import { Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { useReadOnlyView } from './ReadOnlyView';

/**
 * The level of a section's heading (issue 39, axe heading-order): h2 under the page's h1, one deeper inside another
 * section. A page that puts its own h2 over the sections wraps them in <SubHeadings>.
 */
const HeadingLevel = createContext<TitleOrder>(2);

export function SubHeadings({ children }: { children: ReactNode }) {
  const level = useContext(HeadingLevel);
  return <HeadingLevel.Provider value={Math.min(level + 1, 6) as TitleOrder}>{children}</HeadingLevel.Provider>;
}

export interface FormSectionProps {
  title: string;
  /** A line under the title, e.g. 'Marque ao menos um motivo.' */
  description?: ReactNode;
  /** Beside the title, e.g. a link to manage the section's records. */
  action?: ReactNode;
  /** Read-only answers (detail pages): a named region instead of a group of fields. */
  readOnly?: boolean;
  children: ReactNode;
}

/** A group of fields named by its title (role group), or with `readOnly` a named region of answers. */
export function FormSection({ title, description, action, readOnly, children }: FormSectionProps) {
  const id = useId();
  // Inside <ReadOnlyView> the section holds answers, not fields.
  const answers = useReadOnlyView() || readOnly;
  const level = useContext(HeadingLevel);
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      role={answers ? undefined : 'group'}
      aria-labelledby={id}
      style={{ minWidth: 0 }}
    >
      <Group justify="space-between" gap="sm" mb="sm">
        <Title order={level} fz="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      <Stack gap="md">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        <SubHeadings>{children}</SubHeadings>
      </Stack>
    </Card>
  );
}
