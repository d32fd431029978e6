package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes one method with its hooks (the second reading of the class, frames expanded):
 * <pre>
 *   entry hooks, guarded
 *   body                     every return: goto exit
 *   exit:   keep the returned value; each exit block, guarded; return the value
 *   thrown: (alsoOnThrow: a handler over the body) keep the exception; each exit block, guarded; rethrow it
 * </pre>
 * A guard is a handler for any {@code Throwable} over the hook's own code that drops it, so a hook
 * never changes what the method does. The exit code sits after the body, outside every handler the
 * method declares; the body's own handlers come first in the exception table, the whole-body
 * handler last. The frames written are full frames ({@link HookPlan}'s locals); the method's own
 * frames pass through untouched, since the hooks' slots come after its own.
 */
final class HookedMethod extends MethodVisitor {

    /** More than any hook pushes: a call's receiver and six arguments, two of them long. */
    private static final int HOOK_STACK = 12;

    private final HookPlan plan;
    private final MethodShape method;
    private final Label bodyStart = new Label();
    private final Label bodyEnd = new Label();
    private final Label exit = new Label();
    private boolean returns;
    private int maxSlot;

    HookedMethod(MethodVisitor target, HookPlan plan) {
        super(Opcodes.ASM9, target);
        this.plan = plan;
        this.method = plan.method();
        this.maxSlot = method.maxLocals();
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (plan.hooks().entry() != null) {
            guarded(HookWriter.Site.ENTRY, plan.hooks().entry(), plan.entryLocals());
        }
        super.visitLabel(bodyStart);
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN && !plan.hooks().exit().isEmpty()) {
            returns = true;
            super.visitJumpInsn(Opcodes.GOTO, exit);
        } else {
            super.visitInsn(opcode);
        }
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (!plan.hooks().exit().isEmpty()) {
            super.visitLabel(bodyEnd);
            if (returns) {
                writeExit();
            }
            if (plan.hooks().runsOnThrow()) {
                writeThrown();
            }
        }
        super.visitMaxs(maxStack + HOOK_STACK, Math.max(maxLocals, maxSlot));
    }

    private void writeExit() {
        Type returned = Type.getReturnType(method.descriptor());
        List<Object> locals = plan.exitLocals();
        boolean value = returned.getSort() != Type.VOID;
        super.visitLabel(exit);
        HookWriter.frame(mv, method, locals, value ? List.of(plan.returnedFrameType()) : List.of());
        if (value) {
            super.visitVarInsn(returned.getOpcode(Opcodes.ISTORE), method.maxLocals());
            locals.add(plan.returnedFrameType());
        }
        for (HookCode block : plan.hooks().exit()) {
            guarded(HookWriter.Site.EXIT, block, locals);
        }
        if (value) {
            super.visitVarInsn(returned.getOpcode(Opcodes.ILOAD), method.maxLocals());
        }
        super.visitInsn(returned.getOpcode(Opcodes.IRETURN));
    }

    private void writeThrown() {
        Label handler = new Label();
        super.visitTryCatchBlock(bodyStart, bodyEnd, handler, null);
        List<Object> locals = plan.exitLocals();
        super.visitLabel(handler);
        HookWriter.frame(mv, method, locals, List.of(HookPlan.THROWABLE));
        super.visitVarInsn(Opcodes.ASTORE, method.maxLocals());
        locals.add(HookPlan.THROWABLE);
        for (HookCode block : plan.hooks().exit()) {
            guarded(HookWriter.Site.THROWN, block, locals);
        }
        super.visitVarInsn(Opcodes.ALOAD, method.maxLocals());
        super.visitInsn(Opcodes.ATHROW);
    }

    /** {@code code} with a handler that drops whatever it throws; the locals after are {@code locals}. */
    private void guarded(HookWriter.Site site, HookCode code, List<Object> locals) {
        Label start = new Label();
        Label end = new Label();
        Label handler = new Label();
        Label done = new Label();
        super.visitTryCatchBlock(start, end, handler, HookPlan.THROWABLE);
        super.visitLabel(start);
        HookWriter writer = new HookWriter(mv, method, site, new ArrayList<>(locals));
        code.write(writer);
        maxSlot = Math.max(maxSlot, writer.maxSlot());
        super.visitLabel(end);
        super.visitJumpInsn(Opcodes.GOTO, done);
        super.visitLabel(handler);
        HookWriter.frame(mv, method, locals, List.of(HookPlan.THROWABLE));
        super.visitInsn(Opcodes.POP);
        super.visitLabel(done);
        HookWriter.frame(mv, method, locals, List.of());
    }
}
