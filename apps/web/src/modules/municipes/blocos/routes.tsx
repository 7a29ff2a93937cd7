// Child routes of /municipes/:id/edit for the sociodemographic, health-condition and biometrics tabs.
// The citizen edit page mounts these under its own route; each entry is a lazy chunk.
import type { RouteObject } from 'react-router';

export const blocoRoutes: RouteObject[] = [];
