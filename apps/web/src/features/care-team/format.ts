/** A date without the time ("10 mars 2026"), in the reader's zone: the shared, cached formatter. */
export { formatDay } from '@/components/charts/glucose-display';
