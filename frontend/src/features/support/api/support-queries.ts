import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportCaseInput, SupportReplyInput } from '../../../../../backend/src/customers/contract/support-input';
import type { SupportCaseView } from '../../../../../backend/src/customers/contract/support.views';
import { uploadIdOf } from '../../../../../backend/src/media/contract/media-input';
import { MAX_UPLOAD_BYTES } from '../../../../../backend/src/media/contract/upload-rules';
import { ApiError, apiGet, apiGetEveryPage, apiGetPage, apiRequest, queryString } from '../../../api/client';
import { useAuth } from '../../identity';

export type { SupportCaseView };

const SUPPORT_CASES_KEY = ['/api/support/cases'] as const;

/** The customer's cases, every read under SUPPORT_CASES_KEY: a new case or a reply refreshes them all. */
const supportCaseQueries = {
  /** One page, the most recently active first; the page shown stays while the next loads. */
  page: (page: number) =>
    queryOptions({
      queryKey: [...SUPPORT_CASES_KEY, 'page', page],
      queryFn: () => apiGetPage<SupportCaseView>(`${SUPPORT_CASES_KEY[0]}${queryString({ page })}`),
      placeholderData: keepPreviousData,
    }),
  /** All of them, for the count of open ones (the server keeps no count per customer and status). */
  every: () => queryOptions({ queryKey: [...SUPPORT_CASES_KEY, 'every'], queryFn: () => apiGetEveryPage<SupportCaseView>(SUPPORT_CASES_KEY[0]) }),
  detail: (caseId: number) => queryOptions({ queryKey: [...SUPPORT_CASES_KEY, 'case', caseId], queryFn: () => apiGet<SupportCaseView>(`${SUPPORT_CASES_KEY[0]}/${caseId}`) }),
};

/** A page of the customer's cases. */
export const useSupportCases = (page: number) => useQuery(supportCaseQueries.page(page));

/** Spec §2: the Support Cases tile counts the open ones; answered ones wait on the customer, so they count too. */
export function useOpenSupportCaseCount() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...supportCaseQueries.every(), enabled: isAuthenticated, select: (cases) => cases.filter((supportCase) => supportCase.status !== 'closed').length });
}

export const useSupportCase = (caseId: number) => useQuery(supportCaseQueries.detail(caseId));

/** An image picked for a case: shown from the browser's memory until it is uploaded with the case. */
export interface PickedImage {
  key: string;
  file: File;
  previewUrl: string;
}

/** Spec §5: images only (others are silently dropped), at most 10 MB each as the hint says; the server checks both again. */
export function acceptedImages(files: File[]): { images: File[]; tooLarge: File[] } {
  const images = files.filter((file) => file.type.startsWith('image/'));
  return { images: images.filter((file) => file.size <= MAX_UPLOAD_BYTES), tooLarge: images.filter((file) => file.size > MAX_UPLOAD_BYTES) };
}

/** A signed link for a private support attachment, the bytes PUT to it, and the attachment's id (the upload's). */
async function uploadAttachment(file: File): Promise<string> {
  const { uploadURL } = await apiRequest<{ uploadURL: string }>('POST', '/api/objects/upload', { purpose: 'support-attachment' });
  const attachmentId = uploadIdOf(uploadURL);
  if (!attachmentId) throw new Error('The server gave no upload URL');
  const response = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    let message = `${file.name} could not be uploaded`;
    try {
      message = `${file.name}: ${(JSON.parse(body) as { message: string }).message}`;
    } catch {
      // No JSON reason: the general one above.
    }
    throw new ApiError(response.status, message, body);
  }
  return attachmentId;
}

/** One at a time, in the order picked: the case shows them in that order. */
async function uploadAll(images: PickedImage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const image of images) ids.push(await uploadAttachment(image.file));
  return ids;
}

type CaseFields = Omit<SupportCaseInput, 'attachments'>;

/** Uploads the picked images, then opens the case; the list (and the dashboard's count) is read again. */
export function useCreateSupportCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, images }: { fields: CaseFields; images: PickedImage[] }) =>
      apiRequest<SupportCaseView>('POST', SUPPORT_CASES_KEY[0], { ...fields, attachments: await uploadAll(images) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_CASES_KEY }),
  });
}

export function useReplyToSupportCase(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, images }: { message: SupportReplyInput['message']; images: PickedImage[] }) =>
      apiRequest<SupportCaseView>('POST', `${SUPPORT_CASES_KEY[0]}/${caseId}/replies`, { message, attachments: await uploadAll(images) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(supportCaseQueries.detail(caseId).queryKey, updated);
      return queryClient.invalidateQueries({ queryKey: SUPPORT_CASES_KEY });
    },
  });
}
