package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.Map;

/** The second reading of a class: the methods with a {@link HookPlan} are written hooked, the rest as they were. */
final class HookWeaver extends ClassVisitor {

    private final Map<String, HookPlan> plans;

    /** @param plans by method name and descriptor ({@code name + descriptor}) */
    HookWeaver(ClassVisitor target, Map<String, HookPlan> plans) {
        super(Opcodes.ASM9, target);
        this.plans = plans;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor target = super.visitMethod(access, name, descriptor, signature, exceptions);
        HookPlan plan = plans.get(name + descriptor);
        return plan == null || target == null ? target : new HookedMethod(target, plan);
    }
}
