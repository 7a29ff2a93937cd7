// The tab bar of the citizen record and the focus that waits for a lazily loaded tab.
import { Tabs } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { abaDoCampo, type MunicipeFormOutput, type MunicipeFormValues } from './formValues';
import { tabPath, tabValue, type MunicipeTab } from './tabs';

export function AbasMunicipe({
  tabs,
  aba,
  onChange,
}: {
  tabs: MunicipeTab[];
  aba: string;
  onChange: (path: string) => void;
}) {
  return (
    <Tabs value={tabValue(aba)} onChange={(v) => onChange(tabPath(v))} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.path} value={tabValue(t.path)} mih={44}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** Focuses `path` once the tab that holds it is on screen (tab chunks load lazily). */
export function useFocoPendente(
  form: UseFormReturn<MunicipeFormValues, unknown, MunicipeFormOutput>,
  abaAtual: string,
) {
  const [pendente, setPendente] = useState<string | null>(null);
  useEffect(() => {
    if (!pendente || abaDoCampo(pendente) !== abaAtual) return;
    const t = window.setTimeout(() => {
      form.setFocus(pendente as never);
      setPendente(null);
    }, 50);
    return () => window.clearTimeout(t);
  }, [pendente, abaAtual, form]);
  return setPendente;
}
