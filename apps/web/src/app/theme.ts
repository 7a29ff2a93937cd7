import {
  createTheme,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from '@mantine/core';

// Spec §9: primary #00bcd4 (shade 5 of this Material cyan scale), navbar #009cb0, breakpoints 480/768/992/1200/1600.
const cyan: MantineColorsTuple = [
  '#e0f7fa',
  '#b2ebf2',
  '#80deea',
  '#4dd0e1',
  '#26c6da',
  '#00bcd4',
  '#00acc1',
  '#0097a7',
  '#00838f',
  '#006064',
];

export const NAVBAR_COR = '#009CB0';

export const theme = createTheme({
  colors: { saude: cyan },
  primaryColor: 'saude',
  // Filled buttons use a darker shade so white text keeps WCAG AA contrast (ux.md); #00bcd4 stays for accents.
  primaryShade: 8,
  breakpoints: { xs: '30em', sm: '48em', md: '62em', lg: '75em', xl: '100em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Plain objects, not `Modal.extend(...)`: `extend` only types its argument, and importing the components here put
  // Modal, Drawer (with ScrollArea and floating-ui), Notification and PasswordInput in the first load (issue 15).
  components: {
    // Mantine's built-in label is English; every word on screen is pt-BR (ux.md).
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar senha' },
      } satisfies Partial<PasswordInputProps>,
    },
    // Close buttons are icons: named for screen readers (axe button-name, critical), in every toast and dialog.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar notificação' } } satisfies Partial<NotificationProps>,
      // The message under the title in the text colour: Mantine's dimmed gray is below 4.5:1 on white (axe).
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } satisfies Partial<DrawerProps> },
  },
});

/**
 * Field errors (the message and the field's text) in red 9: Mantine's default red 6 is 3.3:1 on white, below WCAG AA
 * for text of this size (axe color-contrast, issue 12).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
