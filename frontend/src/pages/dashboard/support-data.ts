import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportCaseInput, SupportReplyInput } from '../../../../backend/src/customers/contract/support-input';
import type { SupportCaseView } from '../../../../backend/src/customers/contract/support.views';
import { uploadIdOf } from '../../../../backend/src/media/contract/media-input';
import { MAX_UPLOAD_BYTES } from '../../../../backend/src/media/contract/upload-rules';
import { ApiError, apiGet, apiRequest } from '../../api/client';
import { useAuth } from '../../hooks/useAuth';

export type { SupportCaseView };

export const SUPPORT_CASES_KEY = ['/api/support/cases'] as const;
const supportCaseKey = (caseId: number) => [...SUPPORT_CASES_KEY, caseId] as const;

/** The customer's cases and how many are still open (spec §2: the Support Cases tile counts open ones; answered ones wait on the customer). */
export function useSupportCases() {
  const { isAuthenticated } = useAuth();
  const query = useQuery({ queryKey: SUPPORT_CASES_KEY, queryFn: () => apiGet<SupportCaseView[]>('/api/support/cases'), enabled: isAuthenticated });
  const cases = query.data ?? [];
  return { ...query, cases, openCount: cases.filter((supportCase) => supportCase.status !== 'closed').length };
}

export function useSupportCase(caseId: number) {
  return useQuery({ queryKey: supportCaseKey(caseId), queryFn: () => apiGet<SupportCaseView>(`/api/support/cases/${caseId}`) });
}

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
      apiRequest<SupportCaseView>('POST', '/api/support/cases', { ...fields, attachments: await uploadAll(images) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_CASES_KEY }),
  });
}

export function useReplyToSupportCase(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, images }: { message: SupportReplyInput['message']; images: PickedImage[] }) =>
      apiRequest<SupportCaseView>('POST', `/api/support/cases/${caseId}/replies`, { message, attachments: await uploadAll(images) }),
    onSuccess: (updated) => {
      queryClient.setQueryData(supportCaseKey(caseId), updated);
      return queryClient.invalidateQueries({ queryKey: SUPPORT_CASES_KEY });
    },
  });
}
