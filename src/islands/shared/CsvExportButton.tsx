import { type ReactElement, useState } from 'react';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';

/** 'Export CSV': downloads the whole list as `fileName` (a failure is toasted). */
export function CsvExportButton({
  download,
  fileName,
  className = 'btn-outline',
}: {
  download: () => Promise<Blob>;
  fileName: string;
  className?: string;
}): ReactElement {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (): Promise<void> => {
    setExporting(true);
    try {
      saveBlob(await download(), fileName);
    } catch (error) {
      notifyStoreError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => void exportCsv()}
      disabled={exporting}
      aria-busy={exporting || undefined}
    >
      {exporting ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
