package dev.vigil.server.scan.iac;

/**
 * One thing a rule looks at: a Terraform resource, a CloudFormation resource, a Kubernetes workload or
 * container, a Dockerfile stage.
 *
 * @param type    what rules select on: {@code aws_s3_bucket}, {@code AWS::S3::Bucket}, {@code k8s_container},
 *                {@code dockerfile_stage}
 * @param address the resource address, the identity of its findings: {@code aws_s3_bucket.data}
 * @param line    1-based line where the resource starts
 * @param body    its attributes (for CloudFormation its {@code Properties})
 * @param context what encloses it: the pod spec of a Kubernetes container (paths {@code $pod.…}), else empty
 * @param file    the other resources of its file, for rules that look across resources
 * @param label   how a finding names it: the address, with the instance key of a {@code count} or
 *                {@code for_each} resource and, inside a module, where the module is called from
 */
record IacResource(Framework framework, String type, String address, int line, Node body, Node context,
                   IacFile file, String label) {

    IacResource(Framework framework, String type, String address, int line, Node body, Node context, IacFile file) {
        this(framework, type, address, line, body, context, file, address);
    }

    /** The same resource looking at {@code part} of its body (an item of a repeated block), at its line. */
    IacResource at(Node part) {
        return new IacResource(framework, type, address, part.line(), part, context, file, label);
    }
}
