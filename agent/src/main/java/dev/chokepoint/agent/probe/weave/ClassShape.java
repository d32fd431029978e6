package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.AnalyzerAdapter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The first reading of a class to be woven: its fields and, for each method with code, its
 * {@link MethodShape}, from an {@link AnalyzerAdapter} that follows the method's frames and
 * instructions (type names only: nothing is loaded).
 */
final class ClassShape {

    /** Java 6: the first class file version whose verifier reads stack map frames. */
    private static final int FRAMES_SINCE = Opcodes.V1_6;

    private final Map<String, String> fields = new HashMap<>();
    private final List<MethodShape> methods = new ArrayList<>();

    ClassShape(ClassReader reader) {
        reader.accept(new Reading(), ClassReader.SKIP_DEBUG | ClassReader.EXPAND_FRAMES);
    }

    List<MethodShape> methods() {
        return methods;
    }

    private final class Reading extends ClassVisitor {

        private String owner;
        private boolean frames;

        Reading() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            owner = name;
            frames = (version & 0xFFFF) >= FRAMES_SINCE;
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            fields.put(name, descriptor);
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                return null;
            }
            MethodShape shape = new MethodShape(owner, access, name, descriptor, fields, frames);
            methods.add(shape);
            Observer observer = new Observer(shape);
            observer.analyzer = new AnalyzerAdapter(owner, access, name, descriptor, observer);
            return observer.analyzer;
        }
    }

    /**
     * The analyzer's delegate: called for each instruction before the analyzer applies it, so the
     * analyzer's locals and stack are those the instruction starts with.
     */
    private static final class Observer extends MethodVisitor {

        private final MethodShape shape;
        private AnalyzerAdapter analyzer;

        Observer(MethodShape shape) {
            super(Opcodes.ASM9);
            this.shape = shape;
        }

        private void before(int opcode) {
            shape.observe(analyzer.locals, opcode, analyzer.stack);
        }

        @Override
        public void visitInsn(int opcode) {
            before(opcode);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            before(opcode);
        }

        @Override
        public void visitVarInsn(int opcode, int varIndex) {
            if (opcode == Opcodes.RET) {
                shape.sawSubroutine();
            } else if (opcode >= Opcodes.ISTORE && opcode <= Opcodes.ASTORE) {
                shape.stored(varIndex, opcode);
            }
            before(opcode);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            before(opcode);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            before(opcode);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            before(opcode);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            before(Opcodes.INVOKEDYNAMIC);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            if (opcode == Opcodes.JSR) {
                shape.sawSubroutine();
            }
            before(opcode);
        }

        @Override
        public void visitLdcInsn(Object value) {
            before(Opcodes.LDC);
        }

        @Override
        public void visitIincInsn(int varIndex, int increment) {
            shape.stored(varIndex, Opcodes.IINC);
            before(Opcodes.IINC);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            before(Opcodes.TABLESWITCH);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            before(Opcodes.LOOKUPSWITCH);
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            before(Opcodes.MULTIANEWARRAY);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            shape.maxLocals(maxLocals);
        }
    }
}
