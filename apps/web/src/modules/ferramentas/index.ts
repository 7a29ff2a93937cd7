// Front door of the tools (issue 40): the home page loads the campaign banner as its own chunk, only when a theme
// is in force.
export const loadTemaBanner = () => import('./temas/TemaBanner').then((m) => ({ default: m.TemaBanner }));
