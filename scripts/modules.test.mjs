// The two checks that keep modules apart (issue 40): the lint rule refusing deep imports across areas, and the
// script refusing import cycles between areas. Each is shown failing on a deliberate offence.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { modulos } from '../eslint.config.js';
import { checkCycles } from './check-cycles.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const web = '/repo/apps/web/src';
const api = '/repo/apps/api/src';
const deep = (filename, code, extra = {}) => ({ filename, code, errors: [{ messageId: 'deep' }], ...extra });

new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'modulos/front-door',
  modulos.rules['front-door'],
  {
    valid: [
      // Through the door, inside one's own area, or outside modules/.
      { filename: `${web}/modules/auditoria/Page.tsx`, code: "import { useMunicipe } from '../municipes';" },
      { filename: `${web}/modules/municipes/Page.tsx`, code: "import { ObitoBadge } from './ObitoBadge';" },
      { filename: `${web}/modules/atencao_primaria/a/P.tsx`, code: "import { x } from '../b/api';" },
      { filename: `${web}/modules/auditoria/Page.tsx`, code: "import { http } from '../../lib/http';" },
      { filename: `${web}/shell/Sino.tsx`, code: "import { sinoQuery } from '../modules/ouvidoria';" },
      { filename: `${api}/modules/filas/x.ts`, code: "import { y } from '../municipes/index';" },
      // The app composes each area's routes.
      {
        filename: `${web}/app/router.tsx`,
        code: "import { filasScreens } from '../modules/filas/routes';",
        options: [{ doors: ['index', 'routes'] }],
      },
    ],
    invalid: [
      deep(`${web}/modules/auditoria/Page.tsx`, "import { useMunicipe } from '../municipes/api';"),
      deep(`${web}/modules/ouvidoria/F.tsx`, "export { MunicipePicker } from '../municipes/MunicipePicker';"),
      deep(`${web}/shell/Sino.tsx`, "import { sinoQuery } from '../modules/ouvidoria/sino/api';"),
      deep(`${web}/shell/HomePage.tsx`, "const C = () => import('../modules/lembretes/LembretesCard');"),
      deep(`${web}/app/router.tsx`, "import { P } from '../modules/filas/painel/PainelPage';", {
        options: [{ doors: ['index', 'routes'] }],
      }),
      // A non-app file may not take another area's routes.
      deep(`${web}/shell/HomePage.tsx`, "import { filasScreens } from '../modules/filas/routes';"),
      deep(`${api}/modules/filas/x.ts`, "import { obitoDe } from '../municipes/queries';"),
    ],
  },
);

describe('check-cycles', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ciclos-'));
  const write = (rel, code) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), code);
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds a value-import cycle between two areas and names the imports', () => {
    write('modules/a/index.ts', "export { x } from './x';\n");
    write('modules/a/x.ts', "import { y } from '../b';\nexport const x = () => y;\n");
    write('modules/b/index.ts', "import { x } from '../a';\nexport const y = 1;\nexport const z = x;\n");
    const cycles = checkCycles(dir);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toContain('a ⇄ b');
    expect(cycles[0]).toContain('modules/a/x.ts → ../b');
  });

  it('ignores type-only and lazy imports, which do not run at load', () => {
    write(
      'modules/b/index.ts',
      "import type { X } from '../a';\nimport { type Y } from '../a/x';\nexport const y = 1;\n",
    );
    write('modules/b/lazy.ts', "export const load = () => import('../a');\n");
    expect(checkCycles(dir)).toEqual([]);
  });
});
