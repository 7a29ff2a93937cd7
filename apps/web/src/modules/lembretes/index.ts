// Front door of the reminders (issue 40): the home page loads the card as its own chunk, after it has painted.
export const loadLembretesCard = () => import('./LembretesCard');
