// The toast container alone, loaded after the first paint: the store that shows toasts (lib/feedback/notify) is a
// separate small module, so a screen that may toast does not fetch the container and its transitions (issue 15).
export { Notifications } from '@mantine/notifications';
