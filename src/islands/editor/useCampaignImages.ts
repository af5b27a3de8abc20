import { useEffect, useRef, useState } from 'react';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import { type EditorImage, type SavedImage, savedEditorImages, savedImagesOf } from './campaignValues';

export interface CampaignImages {
  /** The images as the owner arranged them: saved ones and new files. */
  images: EditorImage[];
  /** The images the server holds. */
  savedImages: SavedImage[];
  imageError: string;
  setImageError: (message: string) => void;
  /** The owner changed the images: any earlier problem with them is gone. */
  changeImages: (next: EditorImage[]) => void;
  /** After a save: the server's images replace the owner's (new files now have urls). */
  adoptSavedImages: (campaign: OwnerCampaign) => void;
  /** Images added, removed or moved since the last save. */
  imagesChanged: () => boolean;
}

function revokePreviews(images: readonly EditorImage[]): void {
  for (const image of images) if (image.kind === 'new') URL.revokeObjectURL(image.previewUrl);
}

/** The campaign's images in the editor; new images' previews are object URLs, freed when replaced or when the editor goes. */
export function useCampaignImages(campaign: OwnerCampaign | null): CampaignImages {
  const [savedImages, setSavedImages] = useState<SavedImage[]>(() => savedImagesOf(campaign?.images));
  const [images, setImages] = useState<EditorImage[]>(() =>
    savedEditorImages(savedImagesOf(campaign?.images)),
  );
  const [imageError, setImageError] = useState('');

  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(() => () => revokePreviews(imagesRef.current), []);

  return {
    images,
    savedImages,
    imageError,
    setImageError,
    changeImages: (next) => {
      setImages(next);
      setImageError('');
    },
    adoptSavedImages: (saved) => {
      const fresh = savedImagesOf(saved.images);
      revokePreviews(images);
      setSavedImages(fresh);
      setImages(savedEditorImages(fresh));
    },
    imagesChanged: () =>
      images.length !== savedImages.length ||
      images.some((image, i) => image.kind === 'new' || image.url !== savedImages[i]?.url),
  };
}
