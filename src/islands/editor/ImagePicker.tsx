import { type DragEvent, type ReactElement, useId, useRef, useState } from 'react';
import { Icon } from '~/islands/ui/Icon';
import type { EditorImage } from './campaignValues';
import { moveItem } from './campaignValues';

/**
 * Images of a campaign or an update: drop files or choose them, see
 * previews, remove, and reorder (drag, or the Move buttons from the
 * keyboard). Checks type, size and count in the browser; the server checks again.
 */

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  type: 'Only JPEG, PNG, WebP, GIF and AVIF images can be added.',
  size: 'Each image must be at most 5 MB.',
  count: (max: number): string => `You can add at most ${max} images.`,
} as const;

let nextKey = 0;

/** New editor images for chosen files, with the problems of those left out. */
export function imagesFromFiles(
  files: readonly File[],
  room: number,
  max: number,
): { images: EditorImage[]; problems: string[] } {
  const problems = new Set<string>();
  const images: EditorImage[] = [];
  for (const file of files) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      problems.add(IMAGE_MESSAGES.type);
      continue;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      problems.add(IMAGE_MESSAGES.size);
      continue;
    }
    if (images.length >= room) {
      problems.add(IMAGE_MESSAGES.count(max));
      continue;
    }
    nextKey += 1;
    images.push({ key: `new:${nextKey}`, kind: 'new', file, previewUrl: URL.createObjectURL(file) });
  }
  return { images, problems: [...problems] };
}

export function srcOf(image: EditorImage): string {
  return image.kind === 'new' ? image.previewUrl : image.url;
}

export function nameOf(image: EditorImage, index: number): string {
  const name = image.kind === 'new' ? image.file.name : image.fileName;
  return name || `Image ${index + 1}`;
}

interface Props {
  images: readonly EditorImage[];
  onChange: (images: EditorImage[]) => void;
  max: number;
  /** The label of the file input and of the drop zone. */
  label: string;
  /** A problem from the server (e.g. 'Please add at least one image.'). */
  error?: string | undefined;
  /** Shown when there is no image yet. */
  emptyText?: { title: string; text: string };
  id?: string;
  /** The mark on the first image ('Cover' unless told); null for none (a logo). */
  firstLabel?: string | null;
}

export function ImagePicker({
  images,
  onChange,
  max,
  label,
  error,
  emptyText,
  id: givenId,
  firstLabel = 'Cover',
}: Props): ReactElement {
  const ownId = useId();
  const id = givenId ?? `images-${ownId.replace(/:/g, '')}`;
  const [problems, setProblems] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const add = (files: readonly File[]): void => {
    const { images: added, problems: found } = imagesFromFiles(files, max - images.length, max);
    setProblems(found);
    if (added.length > 0) {
      onChange([...images, ...added]);
      setAnnouncement(`${added.length} ${added.length === 1 ? 'image' : 'images'} added.`);
    }
  };

  const remove = (index: number): void => {
    const image = images[index];
    if (!image) return;
    if (image.kind === 'new') URL.revokeObjectURL(image.previewUrl);
    onChange(images.filter((_, i) => i !== index));
    setProblems([]);
    setAnnouncement(`${nameOf(image, index)} removed.`);
  };

  const move = (from: number, to: number): void => {
    if (to < 0 || to >= images.length || from === to) return;
    const image = images[from];
    onChange(moveItem(images, from, to));
    if (image) setAnnouncement(`${nameOf(image, from)} moved to position ${to + 1} of ${images.length}.`);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragOver(false);
    if (dragging !== null) return;
    add(Array.from(event.dataTransfer.files));
  };

  const shown = [...problems, ...(error ? [error] : [])];

  return (
    <div className="space-y-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside is the keyboard's way */}
      <div
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${
          dragOver ? 'border-brand bg-brand-light' : 'border-gray-300 bg-gray-50'
        }`}
        onDragOver={(event) => {
          if (dragging !== null) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <Icon size={32} className="h-8 w-8 text-brand" strokeWidth={1.8} square>
          <path d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" />
        </Icon>
        <p className="text-sm text-ink-muted">
          Drag images here, or
          <span className="sr-only"> use the button to choose them</span>
        </p>
        <label
          htmlFor={id}
          className="btn-outline cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
        >
          {label}
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            aria-describedby={`${id}-rules${shown.length > 0 ? ` ${id}-problems` : ''}`}
            disabled={images.length >= max}
            onChange={(event) => {
              add(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
        </label>
        <p id={`${id}-rules`} className="text-xs text-ink-muted">
          {max === 1
            ? 'One image: JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.'
            : `JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each; at most ${max} images (${images.length} added).`}
        </p>
      </div>

      {shown.length > 0 ? (
        <ul id={`${id}-problems`} className="space-y-1 text-sm text-red-700" role="alert">
          {shown.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}

      {images.length === 0 && emptyText ? (
        <div className="flex aspect-[16/9] max-w-md flex-col items-center justify-center gap-1 rounded-lg bg-brand-light px-6 text-center text-brand-dark">
          <span className="font-semibold">{emptyText.title}</span>
          <span className="text-xs">{emptyText.text}</span>
        </div>
      ) : null}

      {images.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chosen images, in display order">
          {images.map((image, index) => (
            <li
              key={image.key}
              draggable
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragging, index);
                setDragging(null);
              }}
              className={`overflow-hidden rounded-lg border bg-white ${
                dragging === index ? 'border-brand opacity-60' : 'border-gray-200'
              }`}
            >
              <div className="relative aspect-[4/3] bg-gray-100">
                <img src={srcOf(image)} alt={nameOf(image, index)} className="h-full w-full object-cover" />
                {index === 0 && firstLabel ? (
                  <span className="absolute left-1 top-1 rounded bg-ink px-1.5 py-0.5 text-xs font-semibold text-white">
                    {firstLabel}
                  </span>
                ) : null}
              </div>
              <div className="flex items-center justify-between gap-1 p-1.5">
                <span className="sr-only">
                  {nameOf(image, index)}, position {index + 1} of {images.length}
                </span>
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="flex h-8 w-8 items-center justify-center rounded border border-gray-300 text-ink hover:bg-gray-100 disabled:opacity-40"
                    aria-label={`Move ${nameOf(image, index)} earlier`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <span aria-hidden="true">←</span>
                  </button>
                  <button
                    type="button"
                    className="flex h-8 w-8 items-center justify-center rounded border border-gray-300 text-ink hover:bg-gray-100 disabled:opacity-40"
                    aria-label={`Move ${nameOf(image, index)} later`}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <span aria-hidden="true">→</span>
                  </button>
                </div>
                <button
                  type="button"
                  className="rounded px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
                  aria-label={`Remove ${nameOf(image, index)}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
