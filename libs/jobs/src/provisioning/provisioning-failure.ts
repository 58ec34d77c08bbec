/**
 * A step that cannot succeed as things are (a rejected brand, a failed order): it stops FAILED
 * until an admin acts and starts provisioning again. `sentence` tells that admin what to do.
 */
export class ProvisioningFailure extends Error {
  constructor(
    readonly code: string,
    readonly sentence: string,
  ) {
    super(sentence);
    this.name = 'ProvisioningFailure';
  }
}
