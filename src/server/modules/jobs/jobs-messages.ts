export const jobNotAvailableMessage = 'This job posting is not available or has expired.'
