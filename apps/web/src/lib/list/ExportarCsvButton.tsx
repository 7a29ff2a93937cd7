import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../feedback/notify';
import { saveFile } from '../http';

type Arquivo = { blob: Blob; nome: string };

/**
 * "Exportar CSV" of a list: downloads what `baixar` fetches, busy meanwhile, a failure as a toast. `baixar` answers
 * undefined when it refused by itself (it has told the user why).
 */
export function ExportarCsvButton({
  baixar,
  rotulo = 'Exportar CSV',
}: {
  baixar: () => Promise<Arquivo | undefined>;
  /** Another format of the same list ("Exportar PDF"). */
  rotulo?: string;
}) {
  const [exportando, setExportando] = useState(false);
  const exportar = async () => {
    setExportando(true);
    try {
      const arquivo = await baixar();
      if (arquivo) saveFile(arquivo);
    } catch (err) {
      notifyError(err);
    } finally {
      setExportando(false);
    }
  };
  return (
    <Button
      variant="default"
      mih={44}
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={exportando}
      onClick={() => void exportar()}
    >
      {rotulo}
    </Button>
  );
}
