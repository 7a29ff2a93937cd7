// What the citizen form knows of the national registry lookup (issue 24): the fields it filled, to mark them, and its
// last answer, to say what happened. One per form page; nothing is saved until the user saves.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { useMunicipeForm } from '../secoes/comum';
import { camposMarcados, preenchimento } from './preencher';

type Cadsus = {
  /** Fields the registry filled (form paths). */
  marcados: ReadonlySet<string>;
  /** The last answer applied (shown above the form's identification). */
  aplicado: CadsusMunicipe | null;
  aplicar: (r: CadsusMunicipe) => void;
};

const CadsusContext = createContext<Cadsus>({ marcados: new Set(), aplicado: null, aplicar: () => {} });
export const useCadsus = () => useContext(CadsusContext);

/** `inicial`: an answer found from the registry list, applied once when the new-citizen form opens. */
export function CadsusProvider({ inicial, children }: { inicial?: CadsusMunicipe | null; children: ReactNode }) {
  const form = useMunicipeForm();
  const [marcados, setMarcados] = useState<ReadonlySet<string>>(new Set());
  const [aplicado, setAplicado] = useState<CadsusMunicipe | null>(null);
  const aplicar = useCallback(
    (r: CadsusMunicipe) => {
      const p = preenchimento(r.campos);
      // Dirty, so leaving asks (spec §4) and Save sends them; validated, so a value the form refuses shows at once.
      for (const { campo, valor } of p)
        form.setValue(campo, valor as never, { shouldDirty: true, shouldValidate: true });
      setMarcados(new Set(camposMarcados(p)));
      setAplicado(r);
    },
    [form],
  );
  const feito = useRef(false);
  useEffect(() => {
    if (inicial && !feito.current) {
      feito.current = true;
      aplicar(inicial);
    }
  }, [inicial, aplicar]);
  const value = useMemo(() => ({ marcados, aplicado, aplicar }), [marcados, aplicado, aplicar]);
  return <CadsusContext.Provider value={value}>{children}</CadsusContext.Provider>;
}
