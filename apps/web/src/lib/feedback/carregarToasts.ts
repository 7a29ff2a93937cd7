// The toast container's code (lib/feedback/Toasts.tsx), fetched with the first toast or by the shell's warm-up after
// the first screen (issue 41): never in the first load, always there before the network may drop.
export const carregarToasts = () => import('./Toasts');
