// What the citizen form knows of the national registry lookup (issue 24): the fields it filled, to mark them, and its
// last answer, to say what happened. One per form page; nothing is saved until the user saves. On a citizen already
// registered (issue 43) the answer is not applied: it is compared field by field, and only the fields the user takes
// change, saved by the record's normal update (with its version check).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { useMunicipeForm, useMunicipeFormInfo } from '../secoes/comum';
import { camposMarcados, preenchimento, type Preenchimento } from './preencher';

type Cadsus = {
  /** Fields the registry filled (form paths). */
  marcados: ReadonlySet<string>;
  /** The last answer applied (shown above the form's identification). */
  aplicado: CadsusMunicipe | null;
  /** An answer waiting for the user to choose field by field (an existing citizen). */
  comparando: CadsusMunicipe | null;
  /** A new citizen: fills every field. An existing one: opens the comparison. */
  aplicar: (r: CadsusMunicipe) => void;
  /** Takes these fields (form paths) of the compared answer, and closes the comparison. */
  escolher: (campos: ReadonlySet<string>) => void;
  fecharComparacao: () => void;
};

const CadsusContext = createContext<Cadsus>({
  marcados: new Set(),
  aplicado: null,
  comparando: null,
  aplicar: () => {},
  escolher: () => {},
  fecharComparacao: () => {},
});
export const useCadsus = () => useContext(CadsusContext);

/** `inicial`: an answer found from the registry list, applied (or compared) once when the form opens. */
export function CadsusProvider({ inicial, children }: { inicial?: CadsusMunicipe | null; children: ReactNode }) {
  const form = useMunicipeForm();
  const existente = useMunicipeFormInfo().municipe !== undefined;
  const [marcados, setMarcados] = useState<ReadonlySet<string>>(new Set());
  const [aplicado, setAplicado] = useState<CadsusMunicipe | null>(null);
  const [comparando, setComparando] = useState<CadsusMunicipe | null>(null);
  const preencher = useCallback(
    (p: Preenchimento) => {
      // Dirty, so leaving asks (spec §4) and Save sends them; validated, so a value the form refuses shows at once.
      for (const { campo, valor } of p)
        form.setValue(campo, valor as never, { shouldDirty: true, shouldValidate: true });
      setMarcados(new Set(camposMarcados(p)));
    },
    [form],
  );
  const aplicar = useCallback(
    (r: CadsusMunicipe) => {
      if (existente) {
        setComparando(r);
        return;
      }
      preencher(preenchimento(r.campos));
      setAplicado(r);
    },
    [existente, preencher],
  );
  const escolher = useCallback(
    (campos: ReadonlySet<string>) => {
      if (!comparando) return;
      preencher(preenchimento(comparando.campos).filter((x) => campos.has(x.campo)));
      setComparando(null);
    },
    [comparando, preencher],
  );
  const fecharComparacao = useCallback(() => setComparando(null), []);
  const feito = useRef(false);
  useEffect(() => {
    if (inicial && !feito.current) {
      feito.current = true;
      aplicar(inicial);
    }
  }, [inicial, aplicar]);
  const value = useMemo(
    () => ({ marcados, aplicado, comparando, aplicar, escolher, fecharComparacao }),
    [marcados, aplicado, comparando, aplicar, escolher, fecharComparacao],
  );
  return <CadsusContext.Provider value={value}>{children}</CadsusContext.Provider>;
}
